/** The address of a desk's page, or of studying it (`?study=1`). */
export function deskHref(id: number, study = false): string {
  return `/space-repetition/${id}${study ? '?study=1' : ''}`;
}
