import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { makeRepository, renderWithApi, sentBody } from '../test-helpers';
import { LinkRepositoryForm } from './link-repository-form';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderForm(
  config: { github_oauth: boolean; local_repositories: boolean },
  answers: Parameters<typeof renderWithApi>[1] = {},
) {
  const onAuthorize = vi.fn();
  const api = renderWithApi(<LinkRepositoryForm projectId="7" onAuthorize={onAuthorize} />, {
    '/code_hosting/config': { body: { data: config } },
    ...answers,
  });
  const posts = () => api.callsTo('POST', '/projects/7/repositories');
  return { ...api, posts, onAuthorize };
}

const NO_OAUTH = { github_oauth: false, local_repositories: false };
const address = () => screen.getByRole('textbox', { name: /^Repository/ });
const choose = (provider: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: 'Provider' }), { target: { value: provider } });
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('LinkRepositoryForm', { timeout: 20_000 }, () => {
  it('explains an empty address in words and sends nothing', async () => {
    const { posts } = renderForm(NO_OAUTH);
    type(address(), '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Link repository' }));
    expect(await screen.findByText('The text cannot be empty.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('words the message in Spanish', async () => {
    await changeLanguage('es');
    renderForm(NO_OAUTH);
    fireEvent.click(screen.getByRole('button', { name: 'Vincular repositorio' }));
    expect(await screen.findByText('El texto no puede estar vacío.')).toBeTruthy();
  });

  it('offers the local path hint for plain git only when the server allows local repositories', async () => {
    renderForm({ github_oauth: false, local_repositories: true });
    expect(await screen.findByText(/or the absolute path of a repository on this server/)).toBeTruthy();
  });

  it('leaves the local path hint out when the server does not allow local repositories', async () => {
    const { callsTo } = renderForm(NO_OAUTH);
    await waitFor(() => expect(callsTo('GET', '/code_hosting/config')).toHaveLength(1));
    expect(screen.getByText('The https address of a remote.')).toBeTruthy();
    expect(screen.queryByText(/absolute path/)).toBeNull();
  });

  it('offers "Connect with GitHub" instead of a token when the server has GitHub OAuth', async () => {
    const { posts, onAuthorize } = renderForm(
      { github_oauth: true, local_repositories: false },
      {
        'POST /projects/7/repositories': {
          status: 201,
          body: {
            data: makeRepository({ sync_state: 'authorizing' }),
            authorize_url: 'https://github.com/login/oauth/authorize?state=s1',
          },
        },
      },
    );
    choose('github');
    const connect = await screen.findByRole('button', { name: 'Connect with GitHub' });
    expect(screen.queryByLabelText(/^Access token/)).toBeNull();
    type(address(), 'team/app');
    fireEvent.click(connect);
    await waitFor(() =>
      expect(onAuthorize).toHaveBeenCalledWith('https://github.com/login/oauth/authorize?state=s1'),
    );
    expect(sentBody(posts()[0])).toEqual({ provider: 'github', url: 'team/app', authorize: true });
  });

  it('asks for a token, with no OAuth button, when the server has no GitHub OAuth', async () => {
    const { posts, callsTo } = renderForm(NO_OAUTH, {
      'POST /projects/7/repositories': { status: 201, body: { data: makeRepository(), authorize_url: null } },
    });
    await waitFor(() => expect(callsTo('GET', '/code_hosting/config')).toHaveLength(1));
    choose('github');
    expect(screen.queryByRole('button', { name: 'Connect with GitHub' })).toBeNull();
    type(address(), 'team/app');
    type(screen.getByLabelText(/^Access token/), 'ghp_secret');
    fireEvent.click(screen.getByRole('button', { name: 'Link repository' }));
    expect(await screen.findByText('Repository linked. Its first sync has started.')).toBeTruthy();
    expect(sentBody(posts()[0])).toEqual({ provider: 'github', url: 'team/app', token: 'ghp_secret' });
  });

  it('checks the server address under "Advanced" and opens it to show the message', async () => {
    const { posts } = renderForm(NO_OAUTH);
    choose('gitlab');
    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    type(screen.getByLabelText(/^Server address/), 'ftp://gitlab.example.edu');
    type(address(), 'group/project');
    fireEvent.click(screen.getByRole('button', { name: 'Link repository' }));
    expect(await screen.findByText('The address is not valid.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('shows a refusal of the server under the address', async () => {
    renderForm(NO_OAUTH, {
      'POST /projects/7/repositories': {
        status: 409,
        body: {
          errors: ['This repository is already linked to the project.'],
          code: 'REPOSITORY_ALREADY_LINKED',
        },
      },
    });
    type(address(), 'https://git.example.edu/team/app.git');
    fireEvent.click(screen.getByRole('button', { name: 'Link repository' }));
    const message = await screen.findByText('This repository is already linked to the project.');
    expect(address().getAttribute('aria-describedby')).toContain(message.id);
  });
});
