"""The shared report, mail and site templates with their stylesheets: package data found through importlib.resources."""
