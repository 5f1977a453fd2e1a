// One route to the image libraries at a time (Package.swift's traits): both, or neither, is a build
// error that says what to do, never a binary that mixes two copies of a library.
#if SystemCodecs && VendoredCodecs
#error("stickerlint: enable one codec trait, not both: VendoredCodecs (the default) or SystemCodecs (--traits SystemCodecs --disable-default-traits)")
#elseif !SystemCodecs && !VendoredCodecs
#error("stickerlint: no codec trait: enable VendoredCodecs (the default) or SystemCodecs (--traits SystemCodecs)")
#endif

/// Which image libraries this build links: "vendored" or "system".
public enum CodecRoute {
    #if SystemCodecs
    public static let current = "system"
    #else
    public static let current = "vendored"
    #endif
}
