/**
 * A small RFC 4180 reader for roster files (no CSV library is installed): quoted fields with `""`
 * for a quote and line breaks inside, CRLF / LF / CR line ends, a leading BOM, and `,`, `;` (what
 * Excel writes in Spanish) or tab as the separator. Lenient where spreadsheets are: a quote in the
 * middle of an unquoted value is kept as text, and text after a closing quote is kept too.
 */
export const CSV_SEPARATORS = [',', ';', '\t'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

export interface CsvRecord {
  /** The line the record starts on (1-based; a quoted value may run over several lines). */
  line: number;
  fields: string[];
}

export interface CsvParse {
  separator: CsvSeparator;
  records: CsvRecord[];
  /** The line of a quoted value that never closes (the rest of the file is that value); else null. */
  unclosedQuoteLine: number | null;
}

const BOM = '\uFEFF';

/** The separator of the first record: the candidate seen most often outside quotes (`,` on a tie). */
export function detectSeparator(text: string): CsvSeparator {
  const counts = new Map<CsvSeparator, number>(CSV_SEPARATORS.map((separator) => [separator, 0]));
  let inQuotes = false;
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) break;
    else if (!inQuotes && counts.has(char as CsvSeparator))
      counts.set(char as CsvSeparator, counts.get(char as CsvSeparator)! + 1);
  }
  let best: CsvSeparator = ',';
  for (const separator of CSV_SEPARATORS) if (counts.get(separator)! > counts.get(best)!) best = separator;
  return best;
}

/** Reads every record of `input`; the separator is detected from the header unless given. */
export function parseCsv(input: string, separator?: CsvSeparator): CsvParse {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const sep = separator ?? detectSeparator(text);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let isQuotedField = false;
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    isQuotedField = false;
  };

  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        inQuotes = false;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        field += char;
      }
    } else if (char === '"' && !isQuotedField && field.trim() === '') {
      // Spaces before an opening quote (`a, "b"`) are not part of the value.
      field = '';
      inQuotes = true;
      isQuotedField = true;
      quoteLine = line;
    } else if (char === sep) {
      fields.push(field);
      field = '';
      isQuotedField = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (inQuotes) return { separator: sep, records, unclosedQuoteLine: quoteLine };
  if (field !== '' || fields.length > 0) endRecord();
  return { separator: sep, records, unclosedQuoteLine: null };
}

/** A record with nothing but blanks (an empty line, or `;;;;` as a spreadsheet exports one). */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((value) => value.trim() === '');
}
