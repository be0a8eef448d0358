//! Obstacles from Tiled maps (.tmx).
