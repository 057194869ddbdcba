/**
 * Attachment downloads (issue 22): BENCH_CLIENTS clients (20) download one BENCH_FILE_MB (25 MB)
 * attachment at once from the built app; the server's peak RSS above its idle RSS is printed beside
 * the budget (≤ 150 MB), for each storage: local disk, an S3 bucket streamed through the app
 * (S3_PRESIGNED_DOWNLOADS=0), and an S3 bucket with redirects to pre-signed URLs. The bucket is
 * s3rver on loopback, in this process (its memory is not the server's).
 * Uploads too, to disk and to the bucket (BENCH_UPLOAD_MODES): the same clients each upload a
 * BENCH_FILE_MB PDF at once to a fresh server, and its peak RSS over idle is printed beside the same
 * budget (a PDF is judged from its first bytes, never read into memory).
 *   npm run build && npm run bench:downloads
 * Knobs: BENCH_CLIENTS, BENCH_FILE_MB, BENCH_MODES=disk,s3-proxied,s3-presigned, BENCH_UPLOAD_MODES=disk,s3-proxied.
 */
import { randomBytes } from 'node:crypto';
import { BenchApp } from './lib/app-process.js';
import { BenchClient } from './lib/client.js';
import { figure, printFigures, writeResults, type Figure } from './lib/figures.js';
import { startBenchS3 } from './lib/s3-server.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 25);
const PORT = Number(process.env.BENCH_PORT ?? 4700);
const BUDGET_MB = 150;
const MODES = (process.env.BENCH_MODES ?? 'disk,s3-proxied,s3-presigned').split(',');
const UPLOAD_MODES = (process.env.BENCH_UPLOAD_MODES ?? 'disk,s3-proxied').split(',');
const BUCKET = 'teamboard-bench';
const EMAIL = 'bench-admin@uni.example';
const PASSWORD = 'bench admin password';
const SAMPLE_MS = 10;

/** A PDF by its magic bytes (what the upload check looks at), random after that: nothing compresses it. */
function pdfOf(megabytes: number): Buffer {
  const file = randomBytes(Math.round(megabytes * 1024 * 1024));
  file.write('%PDF-1.4\n', 0, 'latin1');
  return file;
}

/** A project, board, column and task: the task's id. */
async function createTask(client: BenchClient): Promise<number> {
  const project = await client.call<{ data: { id: number } }>('POST', '/api/projects', { name: 'Downloads' });
  const board = await client.call<{ data: { id: number } }>(
    'POST',
    `/api/projects/${project.data.id}/boards`,
    {
      name: 'Board',
    },
  );
  const column = await client.call<{ data: { id: number } }>('POST', `/api/boards/${board.data.id}/columns`, {
    name: 'To do',
  });
  const task = await client.call<{ data: { id: number } }>('POST', `/api/columns/${column.data.id}/tasks`, {
    title: 'Large file',
  });
  return task.data.id;
}

/** Uploads the file as a PDF attachment of the task: its signed download URL. */
async function upload(client: BenchClient, baseUrl: string, taskId: number, file: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'application/pdf' }), 'large.pdf');
  const response = await fetch(`${baseUrl}/api/tasks/${taskId}/attachments`, {
    method: 'POST',
    headers: client.authHeaders,
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload → ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** Reads the whole body chunk by chunk (never held whole here either) and returns its length. */
async function download(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`download → ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  return bytes;
}

/** The server's highest RSS while `work` runs, sampled every 10 ms. */
async function peakRssDuring(app: BenchApp, work: Promise<unknown>): Promise<number> {
  let peak = await app.rssMb();
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await app.rssMb());
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  try {
    await work;
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}

/** Every client uploads the file at once to a fresh process: its idle and peak RSS, and throughput. */
async function measureUploads(
  app: BenchApp,
  client: BenchClient,
  mode: string,
  file: Buffer,
): Promise<Figure[]> {
  const taskId = await createTask(client);
  await app.stop();
  await app.start();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = await app.rssMb();
  const started = performance.now();
  const all = Promise.all(Array.from({ length: CLIENTS }, () => upload(client, app.url, taskId, file)));
  const peak = await peakRssDuring(app, all);
  const seconds = (performance.now() - started) / 1000;
  const over = peak - idle;
  return [
    figure(`${mode} uploads: idle RSS`, idle, 'MB', '', null),
    figure(`${mode} uploads: peak RSS, ${CLIENTS} × ${FILE_MB} MB at once`, peak, 'MB', '', null),
    figure(`${mode} uploads: peak over idle`, over, 'MB', `≤ ${BUDGET_MB} MB`, over <= BUDGET_MB),
    figure(`${mode} uploads: throughput`, (CLIENTS * file.length) / 1024 / 1024 / seconds, 'MB/s', '', null),
  ];
}

async function benchmark(mode: string, port: number, file: Buffer): Promise<Figure[]> {
  const s3 = mode === 'disk' ? null : await startBenchS3(BUCKET);
  const app = new BenchApp(port, {
    SECRET_KEY: `bench-${randomBytes(16).toString('hex')}`,
    ATTACHMENT_MAX_BYTES: String(file.length + 1024 * 1024),
    // One user uploads every file of the upload figure (and the download's one).
    UPLOAD_QUOTA_MB: String(Math.ceil(((CLIENTS + 1) * file.length) / 1024 / 1024) + 1),
    ...(s3?.env ?? {}),
    // On Node 20 the SDK prints a one-off notice (its releases after January 2027 need Node 22) to
    // stderr, which the log check would count as a problem (docs/object-storage.md).
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(mode === 's3-proxied' ? { S3_PRESIGNED_DOWNLOADS: '0' } : {}),
  });
  try {
    app.createAdmin(EMAIL, PASSWORD);
    await app.start();
    const client = new BenchClient(app.url);
    await client.signIn(EMAIL, PASSWORD);
    const url = `${app.url}${await upload(client, app.url, await createTask(client), file)}`;
    // A fresh process, so the idle figure holds no memory the upload left resident.
    await app.stop();
    await app.start();
    if ((await download(url)) !== file.length) throw new Error('the warm-up download was cut short');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = await app.rssMb();
    const started = performance.now();
    const sizes: number[] = [];
    const all = Promise.all(Array.from({ length: CLIENTS }, () => download(url).then((n) => sizes.push(n))));
    const peak = await peakRssDuring(app, all);
    const seconds = (performance.now() - started) / 1000;
    if (sizes.some((size) => size !== file.length)) throw new Error(`a download was cut short: ${sizes}`);
    const uploads = UPLOAD_MODES.includes(mode) ? await measureUploads(app, client, mode, file) : [];
    const problems = app.problems();
    if (problems.length > 0) throw new Error(`the server complained:\n${problems.join('\n')}`);
    const over = peak - idle;
    const transferredMb = (CLIENTS * file.length) / 1024 / 1024;
    return [
      figure(`${mode}: idle RSS`, idle, 'MB', '', null),
      figure(`${mode}: peak RSS, ${CLIENTS} × ${FILE_MB} MB at once`, peak, 'MB', '', null),
      figure(`${mode}: peak over idle`, over, 'MB', `≤ ${BUDGET_MB} MB`, over <= BUDGET_MB),
      figure(`${mode}: throughput`, transferredMb / seconds, 'MB/s', '', null),
      ...uploads,
    ];
  } finally {
    await app.stop();
    await s3?.close();
  }
}

const file = pdfOf(FILE_MB);
const figures: Figure[] = [];
for (const [index, mode] of MODES.entries()) figures.push(...(await benchmark(mode, PORT + index, file)));
printFigures(figures);
writeResults('downloads', { clients: CLIENTS, file_mb: FILE_MB, modes: MODES }, figures);
