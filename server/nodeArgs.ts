/**
 * How Node starts the server, after `node` (package.json's `serve` and
 * `server` scripts write the same). A young generation of 32 MB (V8's
 * default is 16) lets the large answers (the analysis overview's table at
 * 1,000,000 calls is about 0.8 MB of JSON, built from as much text from
 * the database) die young instead of being scavenged several times over:
 * about 15 ms less per overview, for at most 32 MB more memory.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=32', '--import', 'tsx'] as const;
