// Process entry. The young generation is sized first (young-generation.ts); the server and its
// dependencies load only afterwards, through a dynamic import: static imports, the bundled
// dependencies' included, would all be evaluated before any line of this file.
import './young-generation.js';

await import('./server.js');
