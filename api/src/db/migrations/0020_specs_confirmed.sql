-- Whether the seller gave (or later confirmed) the listing's specs. A listing posted without them
-- (the original client's form has no spec fields) holds what the API read from its name and
-- description, which buyers see marked as not confirmed (docs/product.md#laptop-specs). Existing
-- rows were all posted with specs, or before specs existed, and stay as they are.
ALTER TABLE "products" ADD COLUMN "specs_confirmed" boolean DEFAULT true NOT NULL;
