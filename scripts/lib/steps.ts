/** `[12.3s] message`: a step of a long start, with the seconds since the process started. */
export function stepLine(message: string, elapsedMs = performance.now()): string {
  return `[${(elapsedMs / 1000).toFixed(1).padStart(4)}s] ${message}`;
}

export function step(message: string): void {
  console.log(stepLine(message));
}
