/** Every Convex module, for convex-test (this file has two dots, so Convex does not deploy it). */
export const modules = import.meta.glob(["./**/*.ts", "./**/*.js", "!./**/*.*.ts", "!./**/*.d.ts"]);
