import { describe, expect, it } from 'vitest';
import { contractStepName, LogUploader } from './runner-agent';

describe('LogUploader', () => {
  it('sends batches in order at their offsets, cut at line ends, and the rest on close', async () => {
    const sent: { offset: number; text: string }[] = [];
    const uploader = new LogUploader(
      async (offset, data) => {
        sent.push({ offset, text: data.toString('utf8') });
        return offset + data.length;
      },
      16,
      10_000,
    );
    await uploader.write(Buffer.from('héllo wörld\nsecond line without end'));
    expect(sent).toEqual([{ offset: 0, text: 'héllo wörld\n' }]);
    await uploader.write(Buffer.from(' and more\n'));
    expect(await uploader.close()).toBe(Buffer.byteLength('héllo wörld\nsecond line without end and more\n'));
    expect(sent.map((s) => s.text).join('')).toBe('héllo wörld\nsecond line without end and more\n');
    expect(sent[1]?.offset).toBe(Buffer.byteLength('héllo wörld\n'));
  });

  it('flushes a quiet log after the flush delay', async () => {
    const sent: string[] = [];
    const uploader = new LogUploader(async (offset, data) => {
      sent.push(data.toString());
      return offset + data.length;
    }, 1024, 20);
    await uploader.write(Buffer.from('one line\n'));
    expect(sent).toEqual([]);
    await new Promise((r) => setTimeout(r, 80));
    expect(sent).toEqual(['one line\n']);
    expect(await uploader.close()).toBe(9);
  });

  it('stops at the first refused batch and says so to the writer', async () => {
    const uploader = new LogUploader(async () => {
      throw new Error('refused');
    }, 4, 10_000);
    // The batch is on its way when the write returns; its refusal reaches the writer next.
    await uploader.write(Buffer.from('abcdef\n'));
    await expect(uploader.close()).rejects.toThrow('refused');
    expect(() => uploader.write(Buffer.from('more\n'))).toThrow('refused');
  });

  it('keeps two batches in flight, in order, and acknowledges them in order', async () => {
    const started: number[] = [];
    const answers: (() => void)[] = [];
    const uploader = new LogUploader(
      (offset, data) => {
        started.push(offset);
        return new Promise((resolve) => answers.push(() => resolve(offset + data.length)));
      },
      4,
      10_000,
    );
    await uploader.write(Buffer.from('one\n'));
    await uploader.write(Buffer.from('two\n'));
    // Two sends travel; a third batch waits for a free slot (the writer waits with it).
    expect(started).toEqual([0, 4]);
    let thirdOnItsWay = false;
    const third = Promise.resolve(uploader.write(Buffer.from('six\n'))).then(() => (thirdOnItsWay = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(thirdOnItsWay).toBe(false);
    // The second answers first: nothing is acknowledged before the first is.
    answers[1]!();
    await new Promise((r) => setTimeout(r, 10));
    expect(uploader.acknowledged).toBe(0);
    answers[0]!();
    await third;
    expect(started).toEqual([0, 4, 8]);
    expect(uploader.acknowledged).toBe(8);
    const closed = uploader.close();
    answers[2]!();
    expect(await closed).toBe(12);
  });

  it('sends a batch again once the batch before it is stored, when it arrived first and was refused', async () => {
    const stored: string[] = [];
    let firstLands!: () => void;
    const uploader = new LogUploader(
      async (offset, data) => {
        const end = stored.join('').length;
        if (offset === 0 && !stored.length) {
          await new Promise<void>((resolve) => (firstLands = resolve));
          stored.push(data.toString());
          return offset + data.length;
        }
        if (offset > end) throw new Error(`The log continues at offset ${end}`);
        stored.push(data.toString());
        return offset + data.length;
      },
      4,
      10_000,
    );
    await uploader.write(Buffer.from('one\n'));
    await uploader.write(Buffer.from('two\n'));
    await new Promise((r) => setTimeout(r, 10));
    firstLands();
    expect(await uploader.close()).toBe(8);
    expect(stored.join('')).toBe('one\ntwo\n');
  });

  it('names steps as the contract does', () => {
    expect(contractStepName('customFlow.beforeInit')).toBe('customFlowBeforeInit');
    expect(contractStepName('terraformPlan')).toBe('terraformPlan');
  });
});
