export function ensureClient(): void;
