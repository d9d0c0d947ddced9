/**
 * The body of a create or reply call: JSON without files, multipart/form-data with them (the API
 * takes the same fields either way, files in the field "attachments").
 */
export function requestBody(
  fields: Record<string, string | number | boolean | undefined>,
  files: readonly File[],
): Record<string, string | number | boolean> | FormData {
  const present = Object.entries(fields).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  );
  if (files.length === 0) return Object.fromEntries(present);
  const form = new FormData();
  // Fields before files, so the server knows the request before it streams the uploads.
  for (const [name, value] of present) form.append(name, String(value));
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}
