/**
 * Leaving the app for another site (an identity provider's sign-in page). One place, so tests replace it
 * instead of a navigation jsdom cannot perform.
 */
export function goToExternalUrl(url: string): void {
  window.location.assign(url);
}
