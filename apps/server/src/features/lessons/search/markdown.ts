/**
 * Markdown reduced to its words on one line, for indexing and snippets: fences, headings, quotes,
 * list markers, emphasis and HTML tags go; links and images keep their text; inline code keeps its
 * content. Underscores and asterisks inside a word stay (snake_case, a*b).
 */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, ' ')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/`+/g, '')
    .replace(/(?<![\p{L}\p{N}])[*_~]+|[*_~]+(?![\p{L}\p{N}])/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}
