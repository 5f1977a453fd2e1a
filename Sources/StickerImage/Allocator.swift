internal import CStickerCodecs

/// Process-wide allocator settings for a batch run.
public enum Allocator {
    /// Largest freed block kept in the heap, and the free space above which glibc returns memory.
    static let retainedBytes: Int32 = 256 << 20

    /// Lets glibc reuse large freed blocks instead of mapping fresh pages for each: decoding and
    /// previewing a thousand stickers allocates and frees megabyte buffers per image, and by default
    /// every buffer over 128 KiB is a new mapping whose pages fault in zeroed (measured: 0.6 s of
    /// system time in a 3-second report of 1,000 files, 0.13 s with this), for a few tens of
    /// megabytes more at the peak. Nothing to do on macOS, whose allocator keeps large regions.
    public static func keepLargeBlocks() {
        sc_keep_large_blocks(retainedBytes)
    }
}
