import { OOXML_PACKAGE_TYPES } from './ooxml-package.js';

/**
 * Packages embedded in an OOXML document. Word and PowerPoint keep a native chart's data as a
 * workbook (`word/embeddings/Microsoft_Excel_Worksheet.xlsx`), reached from the chart through a
 * `package` relationship. Such a part is accepted only when it is shaped like one (below) and its
 * bytes pass the whole office-document check themselves (office-document.ts), one level deep.
 * Everything else embedded stays refused: OLE objects (`.bin`), macro-enabled packages (`.xlsm`),
 * other archives.
 */

/** Each embedded package is inflated whole to be checked: capped, and counted in the upload's caps. */
export const EMBEDDED_PACKAGE_MAX_BYTES = 16 * 1024 * 1024;
/** A document may embed packages; a package embedded in it may not embed any. */
export const MAX_EMBEDDING_DEPTH = 1;

const ZIP_LOCAL_HEADER = Buffer.from('PK\x03\x04', 'latin1');

function extensionOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase();
}

/** Named as Office names an embedded package: directly under an `embeddings/` folder, as a docx, xlsx or pptx. */
export function isEmbeddedPackageName(name: string): boolean {
  return name.split('/').at(-2)?.toLowerCase() === 'embeddings' && OOXML_PACKAGE_TYPES.has(extensionOf(name));
}

/**
 * The extension to check an embedded part's bytes as (`xlsx`), or null when the part may not be an
 * embedded package: not so named, declared (`[Content_Types].xml`) another type than its name says,
 * or not a ZIP archive.
 */
export function embeddedPackageKind(name: string, declaredType: string | null, bytes: Buffer): string | null {
  const extension = extensionOf(name);
  const named = isEmbeddedPackageName(name) && OOXML_PACKAGE_TYPES.get(extension) === declaredType;
  return named && bytes.subarray(0, ZIP_LOCAL_HEADER.length).equals(ZIP_LOCAL_HEADER) ? extension : null;
}
