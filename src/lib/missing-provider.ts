/**
 * SPEC §8 developer error: a hook used outside the provider it reads. The message names the
 * provider and where the app mounts it, so the fix is clear from the message alone.
 */
export function missingProvider(hook: string, provider: string, where: string): Error {
  const error = new Error(
    `${hook} must be used within ${provider}, which is mounted ${where}. Render this component inside it (in tests too).`,
  );
  error.name = "MissingProviderError";
  return error;
}
