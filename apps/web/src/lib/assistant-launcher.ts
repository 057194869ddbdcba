import { useSyncExternalStore } from 'react';

/** What the chat is opened about: a task (its help-bot section) and the project it belongs to. */
export interface AssistantLaunchContext {
  taskId?: number;
  /** Shown beside the input so the reader knows which task the chat is about. */
  taskTitle?: string;
  projectId?: number;
}

export interface AssistantLauncherState {
  isOpen: boolean;
  /** The context of the last openAssistant call; null when opened from the floating button. */
  context: AssistantLaunchContext | null;
  /** Grows with every openAssistant call, so the chat starts afresh even when already open. */
  launchCount: number;
}

/**
 * The seam between features and the assistant: web features cannot import each other (lint), so a
 * screen that wants the chat (the task detail's help-bot section) calls openAssistant here and the
 * assistant feature, mounted once in the signed-in frame, subscribes with useAssistantLauncher.
 */
let state: AssistantLauncherState = { isOpen: false, context: null, launchCount: 0 };
const listeners = new Set<() => void>();

function commit(next: AssistantLauncherState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Opens the chat; with a context, on a new conversation about that task. */
export function openAssistant(context: AssistantLaunchContext = {}): void {
  const hasContext = context.taskId !== undefined || context.projectId !== undefined;
  commit({ isOpen: true, context: hasContext ? context : null, launchCount: state.launchCount + 1 });
}

export function closeAssistant(): void {
  if (state.isOpen) commit({ ...state, isOpen: false });
}

/** The floating button: opens without a context, or closes. */
export function toggleAssistant(): void {
  if (state.isOpen) closeAssistant();
  else commit({ isOpen: true, context: null, launchCount: state.launchCount });
}

export function getAssistantLauncher(): AssistantLauncherState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAssistantLauncher(): AssistantLauncherState {
  return useSyncExternalStore(subscribe, getAssistantLauncher, getAssistantLauncher);
}
