/** Hands `text` to the browser as a file download named `fileName`. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; revoke after this task so it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
