// `npm start`: builds the web app and serves it on 127.0.0.1 (PORT, default 4173).
import { build, preview } from "vite";

const port = Number(process.env.PORT ?? 4173);

await build({ logLevel: "warn" });
const server = await preview({ preview: { port, host: "127.0.0.1", strictPort: true } });

console.log(`\nLWCC is running:\n  web app  ${server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`}\n`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
