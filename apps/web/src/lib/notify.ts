import { TOAST_AUTO_CLOSE_MS } from '@teamboard/contract';
import { notifications } from '@mantine/notifications';
import { ApiError } from './api-error';
import i18n from './i18n';
import { TERMS_ACCEPTANCE_REQUIRED } from './terms-required-flag';

/** Toasts (docs/spec.md §4 Notifications): bottom right, auto-hide after 3000 ms, closable. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: TOAST_AUTO_CLOSE_MS, withCloseButton: true });
}

/** News that is neither a success nor a failure of the reader's own action. */
export function notifyInfo(message: string): void {
  notifications.show({ message, color: 'blue', autoClose: TOAST_AUTO_CLOSE_MS, withCloseButton: true });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_AUTO_CLOSE_MS, withCloseButton: true });
}

/** Shows the first error of a failure, else "Something unexpected happened." */
export function notifyFailure(error: unknown): void {
  // The accept-terms screen says it instead (lib/terms-required-flag.ts).
  if (error instanceof ApiError && error.code === TERMS_ACCEPTANCE_REQUIRED) return;
  const message =
    error instanceof Error && error.message !== '' ? error.message : i18n.t('errors:UNEXPECTED');
  notifyError(message);
}

export function clearNotifications(): void {
  notifications.clean();
}
