import { MantineProvider } from '@mantine/core';
import { LessonAbuseInputSchema, LessonReasonInputSchema } from '@teamboard/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { ReasonForm } from './reason-form';

afterEach(async () => {
  await changeLanguage('en');
});

describe('ReasonForm', () => {
  it('sends a blank optional reason as none', () => {
    const sent: unknown[] = [];
    render(
      <MantineProvider>
        <ReasonForm
          schema={LessonAbuseInputSchema}
          isRequired={false}
          intro="Tell us why"
          label="Reason"
          submitLabel="Report"
          isPending={false}
          onCancel={() => undefined}
          onSubmit={(input) => sent.push(input)}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Tell us why')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(sent).toEqual([{ reason: undefined }]);
  });

  it('refuses a missing required reason, then sends the typed one (Spanish interface)', async () => {
    await changeLanguage('es');
    const sent: unknown[] = [];
    render(
      <MantineProvider>
        <ReasonForm
          schema={LessonReasonInputSchema}
          isRequired
          label="Motivo"
          submitLabel="Rechazar"
          isPending={false}
          onCancel={() => undefined}
          onSubmit={(input) => sent.push(input)}
        />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(sent).toEqual([]);
    const field = screen.getByRole('textbox', { name: /Motivo/ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'Copia otra lección' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(sent).toEqual([{ reason: 'Copia otra lección' }]);
  });
});
