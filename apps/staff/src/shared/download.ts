/** Save bytes or text as a file under its name, as the browser's download. */
export function saveFile(name: string, type: string, body: BlobPart) {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Save a file the API answered as base64 (a PDF) under its name. */
export function saveBase64File(name: string, base64: string, type = 'application/pdf') {
  saveFile(
    name,
    type,
    Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
  );
}
