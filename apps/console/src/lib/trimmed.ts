/** A typed filter without surrounding spaces; undefined when blank, so it is left out of the query. */
export const trimmed = (value: string | undefined) => value?.trim() || undefined;
