/**
 * A value that a download brings (a module, a schema), loaded once on first use: every call
 * shares one download, and a failed download is tried again at the next call.
 */
export class LazyValue<T> {
  private loading: Promise<T> | undefined;

  constructor(private readonly loader: () => Promise<T>) {}

  load = (): Promise<T> => {
    this.loading ??= this.loader().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  };
}
