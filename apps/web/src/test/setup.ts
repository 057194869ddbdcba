import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { LANGUAGES } from '@teamboard/contract';
import { NAMESPACES } from '@teamboard/i18n';
import i18n, { i18nReady } from '../lib/i18n';
import { clearSession } from '../lib/session';
import { fakeSockets } from './fake-socket';

// No test opens a real connection: the app's sockets are fakes the tests drive (fake-socket.ts).
vi.mock('socket.io-client', async () => {
  const { FakeSocket, fakeSockets: opened } = await import('./fake-socket');
  return {
    io: (options: ConstructorParameters<typeof FakeSocket>[0]) => {
      const socket = new FakeSocket(options);
      opened.push(socket);
      return socket;
    },
  };
});

// Every catalog of both languages up front: the app loads them as screens need them, but tests
// render synchronously and query the text at once.
await i18nReady;
await i18n.loadNamespaces(NAMESPACES);
await i18n.loadLanguages([...LANGUAGES]);

// A screen's first render in a file waits for its lazy chunk to be transformed, which takes more
// than Testing Library's default second on a busy two-core machine; findBy* still returns at once
// when the element is there, so only a real failure waits this long.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the browser APIs Mantine reads on mount.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
// Mantine's autosize Textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
// …and the modal <dialog> methods (the offline overlay): open and close are the attribute.
window.HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
window.HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });

afterEach(() => {
  cleanup();
  notifications.clean();
  clearSession();
  localStorage.clear();
  fakeSockets.length = 0;
});
