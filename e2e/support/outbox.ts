import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

/** Decodes the text parts of a raw .eml message (quoted-printable or base64). */
export function decodeMessage(raw: string): string {
  const decodeQuotedPrintable = (text: string) =>
    Buffer.from(
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...bodyLines] = part.split(/\r?\n\r?\n/);
      const body = bodyLines.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
      return part;
    })
    .join('\n');
}

function messagesTo(address: string, dataDir = E2E_DATA_DIR): string[] {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((raw) => new RegExp(`^To:.*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(raw))
    .map(decodeMessage);
}

/**
 * Waits for the newest message to `address` that holds a link containing `pathPart`, and returns the
 * link. `dataDir`: another app copy's (AppProcess), not the shared e2e server's.
 */
export async function waitForLink(address: string, pathPart: string, dataDir?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const links = messagesTo(address, dataDir).flatMap(
          (text) => text.match(/https?:\/\/[^\s"<>]+/g) ?? [],
        );
        link = links.filter((url) => url.includes(pathPart)).at(-1);
        return link;
      },
      { message: `a mail to ${address} with a link to ${pathPart}` },
    )
    .toBeTruthy();
  return link!;
}

/** How many messages the outbox holds for `address`. */
export function countMessages(address: string): number {
  return messagesTo(address).length;
}

/** The newest message to `address`, decoded (headers and text parts), or undefined. */
export function lastMessage(address: string): string | undefined {
  return messagesTo(address).at(-1);
}
