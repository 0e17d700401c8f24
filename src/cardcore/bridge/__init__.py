"""Contract Bridge: deals (PBN/LIN), auction, play, duplicate scoring, double-dummy solver."""
