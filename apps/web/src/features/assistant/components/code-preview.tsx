import { ActionIcon, Box, Code, CopyButton, Group, ScrollArea, Tabs, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface GeneratedCode {
  html: string;
  css: string;
  js: string;
}

/**
 * The page the preview frame shows. Closing tags inside the CSS or JS would end their element
 * early, so they are escaped; the code runs in a sandboxed frame with no access to the app.
 */
export function previewDocument({ html, css, js }: GeneratedCode): string {
  const style = css.replace(/<\/style/gi, '<\\/style');
  const script = js.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${style}</style></head><body>${html}<script>${script}</script></body></html>`;
}

function CodeTab({ code }: { code: string }) {
  const { t } = useTranslation('assistant');
  return (
    <Box pos="relative">
      <Group pos="absolute" top={4} right={4} style={{ zIndex: 1 }}>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('code.copied') : t('code.copy')}>
              <ActionIcon variant="default" size="sm" aria-label={t('code.copy')} onClick={copy}>
                {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <ScrollArea.Autosize mah={320}>
        <Code block>{code}</Code>
      </ScrollArea.Autosize>
    </Box>
  );
}

/**
 * An image-code answer: the generated page in a sandboxed frame (scripts allowed, but no same
 * origin, so it cannot read the app, its storage or its session), and its HTML, CSS and JS to
 * read and copy. The frame loads the server's signed preview page when there is one: a srcdoc
 * frame inherits the app's CSP, which blocks the code's inline script (docs/api-assistant.md).
 */
export function CodePreview({ code, previewUrl }: { code: GeneratedCode; previewUrl: string | null }) {
  const { t } = useTranslation('assistant');
  return (
    <Tabs defaultValue="preview" keepMounted={false} variant="outline">
      <Tabs.List>
        <Tabs.Tab value="preview">{t('code.preview')}</Tabs.Tab>
        <Tabs.Tab value="html">{t('code.html')}</Tabs.Tab>
        <Tabs.Tab value="css">{t('code.css')}</Tabs.Tab>
        <Tabs.Tab value="js">{t('code.js')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="preview" pt="xs">
        <iframe
          title={t('code.frame_title')}
          sandbox="allow-scripts"
          {...(previewUrl === null ? { srcDoc: previewDocument(code) } : { src: previewUrl })}
          style={{
            width: '100%',
            height: 360,
            border: '1px solid var(--mantine-color-default-border)',
            background: 'white',
          }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="html" pt="xs">
        <CodeTab code={code.html} />
      </Tabs.Panel>
      <Tabs.Panel value="css" pt="xs">
        <CodeTab code={code.css} />
      </Tabs.Panel>
      <Tabs.Panel value="js" pt="xs">
        <CodeTab code={code.js} />
      </Tabs.Panel>
    </Tabs>
  );
}
