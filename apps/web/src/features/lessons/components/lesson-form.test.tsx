import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/render';
import { LessonForm } from './lesson-form';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderForm(answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({ '/lesson_tags': { body: { data: ['git', 'github'] } }, ...answers });
  vi.stubGlobal('fetch', stub.fetchStub);
  const onDone = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LessonForm projectId="7" onDone={onDone} onCancel={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const posts = () => stub.calls.filter((call) => call.init?.method === 'POST');
  return { posts, onDone };
}

const tagsBox = () => screen.getByRole('combobox', { name: /^Tags/ });

/** Types a tag and presses Enter, as a person adds one (Mantine ignores a change to an unfocused box). */
function addTags(...tags: string[]) {
  for (const tag of tags) {
    tagsBox().focus();
    fireEvent.change(tagsBox(), { target: { value: tag } });
    fireEvent.keyDown(tagsBox(), { key: 'Enter' });
  }
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

// jsdom renders Mantine's inputs slowly on a busy machine: each step of a form test takes its time.
describe('LessonForm', { timeout: 20_000 }, () => {
  it('explains every empty field in words before anything is sent', async () => {
    const { posts } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(screen.getAllByText('The text cannot be empty.')).toHaveLength(3);
    expect(screen.getByText('Add at least one tag.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('refuses an invalid tag, keeping the text to correct', () => {
    renderForm();
    addTags('bad!tag');
    expect(
      screen.getByText('A tag has up to 30 letters, digits, spaces or the marks . + # / _ -.'),
    ).toBeTruthy();
    expect((tagsBox() as HTMLInputElement).value).toBe('bad!tag');
  });

  it('refuses a repeated tag and a sixth one with their messages', () => {
    renderForm();
    addTags('git', 'Git ');
    expect(screen.getByText('Tags cannot repeat.')).toBeTruthy();
    addTags('sql', 'react', 'ci/cd', 'c++');
    expect(screen.queryByText('Tags cannot repeat.')).toBeNull();
    addTags('docker');
    expect(screen.getByText('A lesson can have at most 5 tags.')).toBeTruthy();
    addTags('no!');
    expect(screen.getByText('A lesson can have at most 5 tags.')).toBeTruthy();
  });

  it('words the messages in Spanish', async () => {
    await changeLanguage('es');
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para aprobación' }));
    expect(screen.getAllByText('El texto no puede estar vacío.')).toHaveLength(3);
    expect(screen.getByText('Agrega al menos una etiqueta.')).toBeTruthy();
  });

  it('sends a draft, and shows a refusal of the server under its field', async () => {
    const { posts, onDone } = renderForm({
      'POST /projects/7/lessons': {
        status: 422,
        body: { errors: ['A tag has up to 30 letters.'], code: 'TAG_NOT_VALID' },
      },
    });
    type(screen.getByRole('textbox', { name: /^Title/ }), 'Merge conflicts');
    addTags('Git');
    type(screen.getByRole('textbox', { name: /^Problem/ }), 'Two branches changed the same lines.');
    type(screen.getByRole('textbox', { name: /^Solution/ }), 'Rebase often.');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]!.init?.body))).toEqual({
      title: 'Merge conflicts',
      language: 'en',
      tags: ['git'],
      problem: 'Two branches changed the same lines.',
      solution: 'Rebase often.',
      submit: false,
    });
    const tags = tagsBox().closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(tags).findByText('A tag has up to 30 letters.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
