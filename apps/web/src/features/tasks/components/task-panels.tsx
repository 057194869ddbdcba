import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentsPanel } from './panels/attachments-panel';
import { CommentsPanel } from './panels/comments-panel';
import type { LogNames } from './panels/log-sentences';
import { LogsPanel } from './panels/logs-panel';
import type { PanelProps } from './panels/panel-props';
import { ReportHoursPanel } from './panels/report-hours-panel';
import { ReportedHoursPanel } from './panels/reported-hours-panel';
import { useIsPhone } from '../../../lib/phone';

export const PANELS = ['logs', 'report', 'reported', 'comments', 'attachments'] as const;
export type Panel = (typeof PANELS)[number];

/** Logs, report hours, reported hours, comments, attachments: one open at a time (docs/spec.md §2). */
export function TaskPanels({ names, ...props }: PanelProps & { names: LogNames }) {
  const { t } = useTranslation('tasks');
  const [panel, setPanel] = useState<Panel>('comments');
  // Five labels do not fit a phone's width side by side (issue 14): stacked there, in a row above.
  const isNarrow = useIsPhone();
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('panels.label')}
        fullWidth
        orientation={isNarrow ? 'vertical' : 'horizontal'}
        value={panel}
        onChange={(value) => setPanel(value as Panel)}
        data={PANELS.map((value) => ({ value, label: t(`panels.${value}`) }))}
      />
      <div role="region" aria-label={t(`panels.${panel}`)} data-panel={panel}>
        {panel === 'logs' && <LogsPanel {...props} names={names} />}
        {panel === 'report' && <ReportHoursPanel {...props} />}
        {panel === 'reported' && <ReportedHoursPanel {...props} />}
        {panel === 'comments' && <CommentsPanel {...props} />}
        {panel === 'attachments' && <AttachmentsPanel {...props} />}
      </div>
    </Stack>
  );
}
