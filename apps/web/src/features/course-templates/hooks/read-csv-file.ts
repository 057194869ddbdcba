/**
 * The text of a roster file: UTF-8 (what "CSV UTF-8" saves, BOM or not), else Windows-1252, which
 * is what Excel's plain "CSV" saves on Spanish Windows (its accents would otherwise be garbled).
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
