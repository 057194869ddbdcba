/** A backup or restore that was refused or found something wrong; the message says what to do. */
export class BackupError extends Error {}
