import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardQuestion } from '../../../components/discard-question';
import { useInlineDiscardGuard } from '../../../components/inline-discard-guard';

interface NameFormProps {
  label: string;
  submitLabel: string;
  initialValue?: string;
  isPending?: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/**
 * The inline one-field form of the board (new board, new column, rename). Escape cancels, after
 * asking when a name was typed; the × cancels at once.
 */
export function NameForm({
  label,
  submitLabel,
  initialValue = '',
  isPending,
  onSubmit,
  onCancel,
}: NameFormProps) {
  const { t } = useTranslation('boards');
  const [name, setName] = useState(initialValue);
  const [error, setError] = useState<string | undefined>();
  const discardGuard = useInlineDiscardGuard(name.trim() !== initialValue.trim(), onCancel);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('errors:NAME_REQUIRED'));
      return;
    }
    onSubmit(name.trim());
  }

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={label}
            placeholder={label}
            size="xs"
            data-autofocus
            autoFocus
            value={name}
            error={error}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={discardGuard.cancelOnEscape}
          />
          <Button type="submit" size="xs" loading={isPending}>
            {submitLabel}
          </Button>
          <ActionIcon variant="subtle" size="md" aria-label={t('cancel')} onClick={onCancel}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
      <DiscardQuestion {...discardGuard.question} />
    </>
  );
}
