/** Hands `content` to the browser as a download named `fileName`. */
export function saveTextFile(fileName: string, content: string, type = 'application/x-ndjson'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
