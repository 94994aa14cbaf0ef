let allowed = false;

/** Lets the current test log console.error (e.g. an error boundary test) without failing. */
export function allowConsoleError(): void {
  allowed = true;
}

export function consoleErrorAllowed(): boolean {
  return allowed;
}

export function resetConsoleErrorAllowance(): void {
  allowed = false;
}
