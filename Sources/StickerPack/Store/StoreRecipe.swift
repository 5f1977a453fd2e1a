import StickerFiles
import StickerImage
import StickerLint

/// What `pack --for` reads of a store's recipe (`StoreRecipe`, in the store's own file).
extension StoreRecipe {
    /// The bytes a file of `kind` is made within: the smaller reading where the source's unit is unclear
    /// (LINE's "KB"), so that check has no warning either.
    static func byteLimit(_ kind: StoreLimits.Kind) -> Int { kind.documentedBytes ?? kind.maxBytes }

    /// The file format a pack file named `name` is written in: what its extension names, where the file's
    /// kind takes it (WhatsApp's tray.png is a PNG, though its tray may be a WebP: its iOS sample reads a
    /// file as its extension says, ImageData.swift L141-148); else the recipe's still format where the
    /// kind takes it, else PNG.
    func format(of file: StoreLimits.PackFile, named name: String) -> ImageFormat {
        let named = file.image.formats.filter { $0.recognizedExtensions.contains(PathText.fileExtension(name)) }
        return stillFormats.first { named.contains($0) } ?? named.first ?? stillFormats.first { file.image.formats.contains($0) } ?? .png
    }
}

/// Where art of `width`×`height` goes on a store's canvas: the size the art is resampled to, and the
/// canvas it is centred on.
struct StoreGeometry: Sendable, Hashable {
    var contentWidth: Int
    var contentHeight: Int
    var canvasWidth: Int
    var canvasHeight: Int

    /// The largest size a store's `sides` allow for art of this shape (enlarged where the store wants
    /// an exact side; never where it takes any size), on the canvas the sides ask for; even sides where
    /// the kind asks for them.
    static func fit(width: Int, height: Int, sides: StoreLimits.Sides, evenSides: Bool) -> StoreGeometry {
        func scaled(toWidth w: Int, height h: Int) -> (Int, Int) {
            // The scale that fits both, each side rounded and never past its bound.
            if width * h >= height * w {
                return (w, min(h, max(1, (height * w + width / 2) / width)))
            }
            return (min(w, max(1, (width * h + height / 2) / height)), h)
        }
        var geometry: StoreGeometry
        switch sides {
        case .exactly(let w, let h):
            let (cw, ch) = scaled(toWidth: w, height: h)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: w, canvasHeight: h)
        case .oneSideExactly(let side):
            let (cw, ch) = scaled(toWidth: side, height: side)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: cw, canvasHeight: ch)
        case .square(let range):
            let side = min(range.upperBound, max(range.lowerBound, max(width, height)))
            let (cw, ch) = scaled(toWidth: side, height: side)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: side, canvasHeight: side)
        case .within(let w, let h, _):
            let (cw, ch) = scaled(toWidth: w, height: h)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: cw, canvasHeight: ch)
        case .any:
            // Signal re-encodes stills at 512 px: larger art is brought down to it, smaller kept.
            let longer = max(width, height)
            let (cw, ch) = longer > 512 ? scaled(toWidth: 512, height: 512) : (width, height)
            geometry = StoreGeometry(contentWidth: cw, contentHeight: ch, canvasWidth: cw, canvasHeight: ch)
        }
        if evenSides {
            // One more transparent column or row where a side is odd, within the bound (every bound is even).
            geometry.canvasWidth += geometry.canvasWidth % 2
            geometry.canvasHeight += geometry.canvasHeight % 2
        }
        return geometry
    }
}
