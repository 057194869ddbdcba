import { ActionIcon, Affix, Center, Loader, Modal } from '@mantine/core';
import { IconMessageChatbot, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { closeAssistant, toggleAssistant, useAssistantLauncher } from '../../../lib/assistant-launcher';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { useIsPhone } from '../../../lib/phone';

// Markdown, the code preview and the board picker load when the chat is first opened.
const AssistantChatWindow = lazy(async () => ({
  default: (await import('./assistant-chat-window')).AssistantChatWindow,
}));

function useRouteProjectId(): number | null {
  const id = Number(useMatch('/project/:id/*')?.params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The floating chatbot button of every signed-in page (SPEC §2) and the chat window it toggles.
 * The chat's state lives here, outside the modal, so closing and reopening keeps the conversation;
 * closing aborts an answer still streaming. openAssistant (lib/assistant-launcher) opens it from
 * elsewhere, with a task as context.
 */
export function AssistantWidget() {
  const { t } = useTranslation('assistant');
  const isPhone = useIsPhone();
  const launcher = useAssistantLauncher();
  const chat = useAssistantChat({ routeProjectId: useRouteProjectId() });
  const { startNew, stop } = chat;

  const seenLaunch = useRef(launcher.launchCount);
  useEffect(() => {
    if (launcher.launchCount === seenLaunch.current) return;
    seenLaunch.current = launcher.launchCount;
    startNew('standard', launcher.context);
  }, [launcher.launchCount, launcher.context, startNew]);

  useEffect(() => {
    if (!launcher.isOpen) stop();
  }, [launcher.isOpen, stop]);

  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={190}>
        <ActionIcon
          size={56}
          radius="xl"
          variant="filled"
          aria-label={launcher.isOpen ? t('close') : t('open')}
          aria-expanded={launcher.isOpen}
          onClick={toggleAssistant}
        >
          {launcher.isOpen ? <IconX aria-hidden size={26} /> : <IconMessageChatbot aria-hidden size={28} />}
        </ActionIcon>
      </Affix>
      <Modal
        opened={launcher.isOpen}
        onClose={closeAssistant}
        title={t('title')}
        size={1000}
        fullScreen={isPhone}
        padding={isPhone ? 'xs' : 'md'}
      >
        <Suspense
          fallback={
            <Center py="xl">
              <Loader role="status" aria-label={t('loading')} />
            </Center>
          }
        >
          <AssistantChatWindow chat={chat} isPhone={isPhone} onNavigate={closeAssistant} />
        </Suspense>
      </Modal>
    </>
  );
}

export default AssistantWidget;
