/** The cells a spreadsheet splitting on `separator` reads from `csv` (RFC 4180 quotes understood), per line. */
export function readCsv(csv: string, separator: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (isQuoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      isQuoted = !isQuoted;
    } else if (isQuoted) {
      cell += char;
    } else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  return rows;
}
