/**
 * Content types (OOXML `[Content_Types].xml`, ODF `manifest:media-type`) of parts that run or
 * render something: macros (VBA projects and data, macro-enabled documents, Excel 4 macro sheets),
 * ActiveX controls, OLE objects, web add-ins, and HTML, MHT, SVG and script parts of any kind.
 */
const ACTIVE_CONTENT_TYPE =
  /macroenabled|macrosheet|vbaproject|vbadata|activex|oleobject|webextension|html|rfc822|multipart|script|svg|msdownload|java|shockwave|flash/i;

export function isActiveContentType(contentType: string): boolean {
  return ACTIVE_CONTENT_TYPE.test(contentType);
}
