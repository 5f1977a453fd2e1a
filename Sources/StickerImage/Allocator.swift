internal import CStickerCodecs

/// Process-wide allocator settings for a batch run.
public enum Allocator {
    /// Largest freed block kept in the heap, and the free space above which glibc returns memory: 32 MB,
    /// past every sticker's and large art's canvas (2,000² RGBA is 16 MB). A larger buffer (a 16,384×3,906
    /// canvas is 256 MB) is its own mapping, returned when freed: kept in each worker thread's arena it
    /// cost its size once per job, whatever `DecodeGate` let decode at once (measured: 517 MB on 2 jobs).
    static let retainedBytes: Int32 = 32 << 20

    /// Lets glibc reuse large freed blocks instead of mapping fresh pages for each: decoding and
    /// previewing a thousand stickers allocates and frees megabyte buffers per image, and by default
    /// every buffer over 128 KiB is a new mapping whose pages fault in zeroed (measured: 0.6 s of
    /// system time in a 3-second report of 1,000 files, 0.13 s with this), for a few tens of
    /// megabytes more at the peak. Nothing to do on macOS, whose allocator keeps large regions.
    public static func keepLargeBlocks() {
        sc_keep_large_blocks(retainedBytes)
    }
}
