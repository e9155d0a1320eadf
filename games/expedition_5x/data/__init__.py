"""Expedition to 5X card data as YAML; a package so the data ships inside wheels."""
