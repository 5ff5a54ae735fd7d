/** The address of a deck's page, or of studying it (`?study=1`). */
export function deckHref(id: number, study = false): string {
  return `/space-repetition/${id}${study ? '?study=1' : ''}`;
}
