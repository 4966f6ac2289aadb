"""The PAR report (``casino-sim report``): content assembled from the engines, then rendered.

Layout: :mod:`.inputs` (what is reported, paired), :mod:`.content` (every figure,
:func:`~casino_sim.report.par.content.build_report`), one module per kind of
section (:mod:`.caribbean`, :mod:`.progressive`, :mod:`.poker`, :mod:`.floor`,
with :mod:`.strategy` and :mod:`.plots`), the plain data model (:mod:`.model`),
and the outputs (:mod:`.render` for HTML and Markdown through Jinja2,
:mod:`.pdf`, :mod:`.xlsx`, :mod:`.outputs` for the folder's files).
Submodules are imported on use: importing this package is cheap.
"""
