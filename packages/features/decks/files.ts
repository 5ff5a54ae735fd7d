/** Files picked or captured for cards and generation: read as `data:` URLs for JSON bodies. */

export type AttachedFile = {
  id: string;
  name: string;
  type: string;
  size: number;
  /** The image as a base64 `data:` URL (what the contract's ImageData carries). */
  dataUrl: string;
  source: 'upload' | 'camera';
};

let counter = 0;

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export async function toAttachedFile(
  file: File,
  source: AttachedFile['source'],
): Promise<AttachedFile> {
  counter += 1;
  return {
    id: `file-${counter}-${file.name}`,
    name: file.name,
    type: file.type,
    size: file.size,
    dataUrl: await readAsDataUrl(file),
    source,
  };
}

/** Human file size in the user's locale (KB below 1 MB). */
export function fileSizeParts(bytes: number): { value: number; unit: 'kilobyte' | 'megabyte' } {
  return bytes < 1024 * 1024
    ? { value: Math.max(1, Math.round(bytes / 1024)), unit: 'kilobyte' }
    : { value: Math.round((bytes / (1024 * 1024)) * 10) / 10, unit: 'megabyte' };
}
