/**
 * Navigation for code outside React (the API client's 401/403 handling). The router registers its
 * navigate function at start-up; this module stays tiny so the router need not import the API client.
 */
export type Navigate = (to: string, state?: { from: string }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(to: string, state?: { from: string }): void {
  navigate(to, state);
}
