/** One question to the assistant over HTTP, read as the event stream it is, timed. */
export interface Timing {
  /** From sending the question to the first `delta` event. */
  firstTokenMs: number;
  /** From sending the question to `data: [DONE]`. */
  batchMs: number;
}

export interface AskTarget {
  url: string;
  headers: Record<string, string>;
  conversationId: number;
}

/**
 * Asks one question and reads the stream to `[DONE]`, timing the first delta and the end. Throws
 * unless all three tips finished: a fast wrong answer is no answer.
 */
export async function timeQuestion(
  target: AskTarget,
  prompt: string,
  projectId: number | null = null,
): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(
    `${target.url}/api/assistant/conversations/${target.conversationId}/responses`,
    {
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt, projectId }),
    },
  );
  if (!response.ok || !response.body) throw new Error(`ask → ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let firstTokenMs = Number.NaN;
  for await (const chunk of response.body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (Number.isNaN(firstTokenMs) && text.includes('"event":"delta"'))
      firstTokenMs = performance.now() - started;
  }
  if (!text.trimEnd().endsWith('data: [DONE]'))
    throw new Error(`the stream did not end with [DONE]: ${text.slice(-200)}`);
  const finished = text
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice('data: '.length)) as { model: string; event: string })
    .filter((event) => event.event === 'done');
  if (new Set(finished.map((event) => event.model)).size !== 3) {
    throw new Error(`expected three finished tips: ${text.slice(0, 600)}`);
  }
  return { firstTokenMs, batchMs: performance.now() - started };
}
