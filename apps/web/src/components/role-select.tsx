import { Select, type SelectProps } from '@mantine/core';
import { PROJECT_ROLES, type ProjectRole } from '@teamboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface RoleSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: ProjectRole;
  /** Called only when a different role is picked. */
  onChange: (role: ProjectRole) => void;
}

/** Picks one of the project roles (owner, member, viewer), worded in the reader's language. */
export function RoleSelect({ value, onChange, ...props }: RoleSelectProps) {
  const { t } = useTranslation('projects');
  const options = useMemo(
    () => PROJECT_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
    [t],
  );
  return (
    <Select
      data={options}
      value={value}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(picked) => {
        if (picked !== null && picked !== value) onChange(picked as ProjectRole);
      }}
      {...props}
    />
  );
}
