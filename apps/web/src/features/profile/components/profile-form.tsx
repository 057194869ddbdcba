import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LANGUAGES, semesterList, UpdateProfileInputSchema, type User } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useUpdateProfile } from '../api/update-profile';

const TEXT_FIELDS = ['gitname', 'labname', 'slack_id', 'section', 'group'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

function initialValues(user: User) {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, user[field] ?? ''])) as Record<
    TextField,
    string
  >;
  return { ...text, name: user.name, language: user.language, year: user.year, semester: user.semester };
}

/** Empty text means "not set", which the API stores as null. */
function toInput(values: ReturnType<typeof initialValues>) {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field].trim() || null]));
  return {
    ...text,
    name: values.name,
    language: values.language,
    year: values.year,
    semester: values.semester,
  };
}

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState(() => initialValues(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const errorOf = (field: string) => (errors[field] ? t(`errors:${errors[field]}`) : undefined);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(UpdateProfileInputSchema, toInput(values));
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    update.mutate(result.data, {
      onSuccess: (updated) => {
        notifySuccess(t('settings.saved'));
        void changeLanguage(updated.language);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('fields.name')}
          required
          value={values.name}
          error={errorOf('name')}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
        />
        <Select
          label={t('fields.language')}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`common:languages.${language}`) }))}
          value={values.language}
          allowDeselect={false}
          onChange={(value) => value && setValues({ ...values, language: value as User['language'] })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`fields.${field}`)}
              value={values[field]}
              error={errorOf(field)}
              onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
            />
          ))}
          <NumberInput
            label={t('fields.year')}
            min={1}
            max={10}
            allowDecimal={false}
            value={values.year ?? ''}
            error={errorOf('year')}
            onChange={(value) => setValues({ ...values, year: typeof value === 'number' ? value : null })}
          />
          <Select
            label={t('fields.semester')}
            data={semesterList()}
            value={values.semester}
            clearable
            error={errorOf('semester')}
            onChange={(value) => setValues({ ...values, semester: value })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
