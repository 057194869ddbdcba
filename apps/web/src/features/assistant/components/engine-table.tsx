import { Badge, Group, Table, Text } from '@mantine/core';
import type { AssistantEngine } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';

/** Every engine: offline or not, configured or not, its model and whether it reads images. */
export function EngineTable({ engines }: { engines: AssistantEngine[] }) {
  const { t } = useTranslation('assistant');
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.engine')}</Table.Th>
            <Table.Th>{t('settings.state')}</Table.Th>
            <Table.Th>{t('settings.model')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {engines.map((engine) => (
            <Table.Tr key={engine.id}>
              <Table.Td>
                {t('settings.engine_number', { id: engine.id, name: t(`engines.${engine.key}`) })}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {engine.offline && (
                    <Badge variant="light" color="gray">
                      {t('settings.offline')}
                    </Badge>
                  )}
                  <Badge variant="light" color={engine.configured ? 'green' : 'yellow'}>
                    {engine.configured ? t('settings.configured') : t('settings.not_configured')}
                  </Badge>
                  {engine.vision && (
                    <Badge variant="light" color="blue">
                      {t('settings.reads_images')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={engine.model === null ? 'dimmed' : undefined}>
                  {engine.model ?? t('settings.no_model')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
