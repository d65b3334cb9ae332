// Per-user file libraries, keyed by exact file name (contract, "User file": no listing on the hub;
// `list` exists for the emulator's own inspection routes and tests).

export interface StoredFile {
  name: string;
  content: Buffer;
  contentType: string;
  updatedAt: Date;
}

export interface LibraryStore {
  get(owner: string, name: string): StoredFile | undefined;
  put(owner: string, name: string, content: Buffer, contentType: string): StoredFile;
  list(owner: string): StoredFile[];
}

export function createLibraryStore(): LibraryStore {
  const libraries = new Map<string, Map<string, StoredFile>>();

  return {
    get: (owner, name) => libraries.get(owner)?.get(name),
    put(owner, name, content, contentType) {
      const library = libraries.get(owner) ?? new Map<string, StoredFile>();
      libraries.set(owner, library);
      const file = { name, content, contentType, updatedAt: new Date() };
      library.set(name, file);
      return file;
    },
    list: (owner) => [...(libraries.get(owner)?.values() ?? [])],
  };
}
